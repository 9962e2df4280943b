import './themed';

export { notification } from 'antd';
