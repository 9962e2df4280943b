import './themed';

export { Input } from 'antd';
