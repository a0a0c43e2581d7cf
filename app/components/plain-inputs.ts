import InputModule from 'antd/es/input/Input.js';
import PasswordModule from 'antd/es/input/Password.js';
import { antdDefault } from '../lib/antd-default.ts';

// antd's Input and its password field, without the index that assigns the search field, the text area, the
// code field and the group onto Input (about 5 KB with brotli that the sign-in screen never draws).
export const TextInput = antdDefault(InputModule);
export const PasswordInput = antdDefault(PasswordModule);
