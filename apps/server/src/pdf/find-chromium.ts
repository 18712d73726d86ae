import fs from 'node:fs';

// Where PDF rendering finds its browser: CHROMIUM_PATH when set, else the usual places a Linux
// package puts Chromium or Chrome. Found once, at start, and named in the start banner.

const knownPaths = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

export type TChromiumLookup = { found: true; path: string } | { found: false; reason: string };

/** The browser PDF rendering would use, or why there is none. */
export const findChromium = (configuredPath: string | undefined): TChromiumLookup => {
  if (configuredPath) {
    return isExecutable(configuredPath)
      ? { found: true, path: configuredPath }
      : { found: false, reason: `CHROMIUM_PATH=${configuredPath} is not an executable file` };
  }
  const path = knownPaths.find(isExecutable);
  return path
    ? { found: true, path }
    : { found: false, reason: 'no Chromium found; install the chromium package or set CHROMIUM_PATH' };
};
