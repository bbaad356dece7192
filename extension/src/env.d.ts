/** The app origin the build was made for (`APP_URL`, default http://localhost:3000). */
declare const __TEND_DEFAULT_APP_ORIGIN__: string;
