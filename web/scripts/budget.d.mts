export declare const HOME_JS_BUDGET_KB: number;
