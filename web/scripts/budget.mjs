// The home page's first JavaScript, gzipped, in KB: checked by bundle-size.mjs after every build.
export const HOME_JS_BUDGET_KB = 110;
