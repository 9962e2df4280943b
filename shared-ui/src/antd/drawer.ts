import './themed';

export { Drawer } from 'antd';
