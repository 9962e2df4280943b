import './themed';

export { Tooltip } from 'antd';
