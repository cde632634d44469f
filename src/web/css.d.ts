/** A stylesheet imported as its text (webpack `asset/source`, Jest's cssTransform). */
declare module '*.css' {
  const css: string;
  export default css;
}
