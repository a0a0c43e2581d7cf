import InputModule from 'antd/es/input/Input.js';
import PasswordModule from 'antd/es/input/Password.js';

// antd's Input and its password field, without the index that assigns the search field, the text area, the
// code field and the group onto Input (about 5 KB with brotli that the sign-in screen never draws). antd's
// es/ is ESM without "type": "module", so TypeScript sees `{ default }` where the bundler gives the
// component (lib/antd-locale.ts).
export const TextInput = (
  'default' in InputModule ? InputModule.default : InputModule
) as typeof InputModule.default;
export const PasswordInput = (
  'default' in PasswordModule ? PasswordModule.default : PasswordModule
) as typeof PasswordModule.default;
