import './themed';

export { Progress } from 'antd';
