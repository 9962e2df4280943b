import './themed';

export { Tabs } from 'antd';
