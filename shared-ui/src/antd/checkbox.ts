import './themed';

export { Checkbox } from 'antd';
