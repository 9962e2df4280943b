import './themed';

export { Modal } from 'antd';
