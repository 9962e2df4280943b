import './themed';

export { Tag } from 'antd';
