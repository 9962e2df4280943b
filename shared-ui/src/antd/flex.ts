import './themed';

export { Flex } from 'antd';
