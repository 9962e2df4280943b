import './themed';

export { Spin } from 'antd';
