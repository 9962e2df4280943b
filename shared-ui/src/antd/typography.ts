import './themed';

export { Typography } from 'antd';
