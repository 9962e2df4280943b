import './themed';

export { Form } from 'antd';
