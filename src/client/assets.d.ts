// Images are webpack asset modules: importing one gives its public URL.
declare module '*.svg' {
  const url: string;
  export default url;
}
