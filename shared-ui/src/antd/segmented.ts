import './themed';

export { Segmented } from 'antd';
