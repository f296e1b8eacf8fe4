export declare function packageCompanion(options: { root: string; out: string }): Promise<string>;
export declare function packageLanguagePack(options: { locale: string; dir: string; out: string }): Promise<string>;
