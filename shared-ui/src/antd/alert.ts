import './themed';

export { Alert } from 'antd';
