/**
 * Builds the SPA (src/web/index.tsx) into dist/web. Production output uses content hashes and
 * one chunk per lazy route; public/ is copied beside index.html.
 *
 * Source maps: production ships none (dist/web is served as is, and a published map is the whole
 * source); development (`npm run dev`) writes separate `.map` files (`cheap-module-source-map`),
 * never `eval`, so the bundle runs under the server's Content-Security-Policy (`script-src 'self'`).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import type { Configuration } from 'webpack';
import { CHUNK_LOAD_TIMEOUT_MS } from './src/core/constants';

/** Packages of antd's that are free of side effects but do not say so in their package.json. */
const SIDE_EFFECT_FREE =
  /[\\/]node_modules[\\/](@rc-component[\\/][^\\/]+|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color))[\\/]/;

/** The public API of an SPA feature (`src/web/features/<name>/index.ts`). */
const FEATURE_INDEX = /[\\/]src[\\/]web[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

/**
 * The landing page's static shell (src/web/prerender): rendered in a child process with
 * NODE_ENV=production (antd's production class names, as the bundle's). Development builds
 * (`npm run dev`) leave `#landing-shell` empty: the app renders on the client, as before.
 */
function landingShell(production: boolean): { html: string; styles: string } {
  if (!production) return { html: '', styles: '' };
  const json = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.resolve(__dirname, 'src/web/prerender/cli.tsx')],
    { env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(json.toString('utf8')) as { html: string; styles: string };
}

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const production = argv.mode !== 'development';
  const shell = landingShell(production);
  return {
    mode: production ? 'production' : 'development',
    entry: './src/web/index.tsx',
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      path: path.resolve(__dirname, 'dist/web'),
      publicPath: '/',
      // 16 hex digits (64 bits) name a chunk's content as surely as webpack's default 20, and
      // the runtime that lists every chunk's hash (loaded by `/`) is smaller.
      filename: production ? 'assets/[name].[contenthash:16].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:16].js' : 'assets/[name].js',
      // spec §8: a lazy chunk that takes longer than 120 s fails with ChunkLoadError.
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        // antd's own packages declare no `sideEffects`, so each module antd imported from one
        // came whole (all of @rc-component/form for one context); they have none.
        { test: SIDE_EFFECT_FREE, sideEffects: false },
        // A feature's index.ts only re-exports: an import through it pulls in the modules it
        // uses, not the whole feature (a lazy chunk's component stays in its chunk).
        { test: FEATURE_INDEX, sideEffects: false },
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            options: { configFile: 'tsconfig.web.json', transpileOnly: true },
          },
        },
        { test: /\.(png|svg|jpg|ico)$/, type: 'asset/resource' },
        // A stylesheet is imported as its text and added by the component that needs it
        // (uPlot's, by the chart): no CSS pipeline for one small file.
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
      // webpack's HTML minifier drops comments, React's hydration marks among them.
      minimizeOptions: { html: false },
    },
    performance: { hints: false },
    plugins: [
      new HtmlWebpackPlugin({
        template: 'public/index.html',
        favicon: 'public/favicon.svg',
        templateParameters: { landingShell: shell },
        // Not minified (nor by webpack, below): hydration needs React's comment marks.
        minify: false,
      }),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html'] } }],
      }),
    ],
  };
};
