export interface CompressedScreenshot {
  file: string;
  before: number;
  after: number;
}

export declare function compressScreenshots(files: string[], log?: (line: string) => void): CompressedScreenshot[];
