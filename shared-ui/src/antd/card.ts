import './themed';

export { Card } from 'antd';
