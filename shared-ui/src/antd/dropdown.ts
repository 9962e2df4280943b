import './themed';

export { Dropdown } from 'antd';
