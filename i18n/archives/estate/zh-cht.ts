import type { DeepStrings } from '../../types';
import type en from './en';

const messages: DeepStrings<typeof en> = {};

export default messages;
