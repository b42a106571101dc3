/** postcss-pxtorem 6 ships no types; the options vite.config.ts uses. */
declare module 'postcss-pxtorem' {
  import type { PluginCreator } from 'postcss';
  const pxtorem: PluginCreator<{
    rootValue?: number;
    propList?: string[];
    minPixelValue?: number;
    mediaQuery?: boolean;
    selectorBlackList?: (string | RegExp)[];
  }>;
  export default pxtorem;
}
