/**
 * The namespaces a first load fetches with the language, before the first render: those of the
 * shell, the login wall, toasts, the error view and the timeline (the signed-in start). Every other
 * namespace comes with the lazily loaded part that draws it (`withStrings`), one chunk per language
 * each (web/vite.config.ts); i18n/namespace-loading.test.ts holds every part to that.
 */
export const FIRST_LOAD_NAMESPACES: readonly string[] = [
  'common',
  'api',
  'ui',
  'nav',
  'locale',
  'flags',
  'toasts',
  'auth',
  'account',
  'upload',
  'pages',
  'timeline',
  'fileActions',
  'fileMenu',
];
