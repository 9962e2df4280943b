import './themed';

export { InputNumber } from 'antd';
