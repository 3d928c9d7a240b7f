export { default } from '../eslint.dev.mjs';
