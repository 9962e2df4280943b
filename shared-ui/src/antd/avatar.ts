import './themed';

export { Avatar } from 'antd';
