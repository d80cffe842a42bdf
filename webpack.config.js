// Client build: ts-loader, content-hashed files, route-level chunks, dev server.
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const OUTPUT_DIR = path.resolve(__dirname, 'dist/client');
// The dev server writes its index.html here, never over the production build that `npm start` serves.
const DEV_OUTPUT_DIR = path.resolve(__dirname, 'dist/dev-client');
const DEFAULT_PORT = 8080;
const DEFAULT_API_PORT = 8081;
// Budgets for the warnings: the home page's initial JS (antd + react) and any single file.
const KIB = 1024;
const MAX_ENTRYPOINT_BYTES = 900 * KIB;
const MAX_ASSET_BYTES = 700 * KIB;
// What the server sends compressed (src/server/spa.ts); index.html is compressed by the server itself
// once the runtime configuration is in it, and source maps are for debugging only.
const COMPRESSIBLE = /\.(js|css|svg)$/;

// src/contract/prerender.ts: the files the server sends for the plain home page and for /licenses.
const PRERENDERED_HOME_FILE = 'prerendered-home.html';
const DASHBOARD_PAGE_FILE = 'dashboard-page.html';

/** What src/client/prerender/cli.tsx puts into each page of the build (docs/performance.md). */
const PRERENDER_MODES = {
  'index.html': 'portal',
  [PRERENDERED_HOME_FILE]: 'home',
  [DASHBOARD_PAGE_FILE]: 'dashboard',
};

/**
 * Fills the pages at build time: index.html gets antd's styles for the screens a page load shows,
 * PRERENDERED_HOME_FILE the home page's markup and styles, DASHBOARD_PAGE_FILE the dashboard's
 * styles alone (src/client/prerender).
 */
class PrerenderPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PrerenderPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).beforeEmit.tap('PrerenderPlugin', (data) => {
        const mode = PRERENDER_MODES[data.outputName];
        if (mode === undefined) return data;
        const html = execFileSync(
          process.execPath,
          [require.resolve('tsx/cli'), path.join(__dirname, 'src/client/prerender/cli.tsx'), mode],
          // The production build of antd names its classes as the built client does.
          {
            input: data.html,
            env: { ...process.env, NODE_ENV: 'production' },
            maxBuffer: 64 * 1024 * 1024,
          },
        );
        return { ...data, html: html.toString('utf8') };
      });
    });
  }
}

/**
 * The pages served for the routes other than the plain home page (DASHBOARD_PAGE_FILE: /licenses;
 * index.html: /forbidden, /support, the home page with a query) are the dashboard or lead to it:
 * they ask for the dashboard's chunks with the page, at low priority, so they download beside the page's own scripts instead of
 * after the subscription (docs/performance.md). The chunk groups are the ones src/client/app/routes.tsx
 * and the subscription's saga name.
 */
const PRELOADED_CHUNK_GROUPS = {
  'index.html': ['dashboard'],
  // A reload of the dashboard also reads the early request's answer with the answer checks.
  [DASHBOARD_PAGE_FILE]: ['dashboard', 'answer-checks'],
};

class PreloadPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadPlugin', (data) => {
        const groups = PRELOADED_CHUNK_GROUPS[data.outputName] ?? [];
        const initial = new Set(compilation.entrypoints.get('main').getFiles());
        const files = groups.flatMap((name) => {
          const group = compilation.namedChunkGroups.get(name);
          if (group === undefined) throw new Error(`No chunk group ${name} to preload`);
          return group.getFiles().filter((file) => file.endsWith('.js') && !initial.has(file));
        });
        const links = [...new Set(files)].map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            as: 'script',
            fetchpriority: 'low',
            href: `${compilation.outputOptions.publicPath}${file}`,
          }),
        );
        return { ...data, headTags: [...data.headTags, ...links] };
      });
    });
  }
}

/** One page of the build from the one template; PrerenderPlugin and PreloadPlugin fill it by name. */
function pageOfTheBuild(filename) {
  return new HtmlWebpackPlugin({
    template: 'public/index.html',
    favicon: 'public/favicon.svg',
    filename,
  });
}

/** brotli and gzip files beside every asset, at the highest levels: the build pays once. */
function compressedCopies() {
  // Kept even when compression gains little, so every asset has both copies.
  const always = { test: COMPRESSIBLE, minRatio: Infinity };
  return [
    new CompressionPlugin({
      ...always,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({
      ...always,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      compressionOptions: { level: 9 },
    }),
  ];
}

module.exports = (env = {}, argv) => {
  const production = argv.mode !== 'development';
  // bench:bundle builds its reference apps with this configuration: they have no home page to render.
  const prerender = production && env.reference !== true;
  const apiTarget = `http://127.0.0.1:${process.env.API_PORT || DEFAULT_API_PORT}`;

  return {
    mode: production ? 'production' : 'development',
    entry: {
      main: './src/client/index.tsx',
    },
    output: {
      path: production ? OUTPUT_DIR : DEV_OUTPUT_DIR,
      publicPath: '/',
      filename: production ? 'js/[name].[contenthash].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash].js' : 'js/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // Single antd components are imported by file (src/client/components/TextInput.tsx); antd/lib is
      // CommonJS, antd/es the same files as ES modules that webpack can tree-shake.
      alias: { 'antd/lib': 'antd/es' },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type errors are the typecheck script's job; the build only transpiles.
          use: { loader: 'ts-loader', options: { transpileOnly: true } },
        },
        { test: /\.(svg|png|jpe?g|gif|webp|ico)$/i, type: 'asset/resource' },
        {
          // antd's helper packages are free of side effects but do not say so in their package.json;
          // declaring it lets webpack drop the re-exports no screen uses (docs/performance.md).
          test: /[\\/]node_modules[\\/](@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors))[\\/]/,
          sideEffects: false,
        },
      ],
    },
    plugins: [
      pageOfTheBuild('index.html'),
      ...(prerender
        ? [
            pageOfTheBuild(PRERENDERED_HOME_FILE),
            pageOfTheBuild(DASHBOARD_PAGE_FILE),
            new PrerenderPlugin(),
            new PreloadPlugin(),
          ]
        : []),
      ...(production ? compressedCopies() : []),
    ],
    optimization: {
      moduleIds: 'deterministic',
      runtimeChunk: 'single',
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // React, router and redux change rarely: one long-cached vendor file for the home page.
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|@reduxjs|redux|redux-saga|@redux-saga|react-redux|immer|reselect)[\\/]/,
            name: 'framework',
            priority: 20,
          },
          vendor: {
            test: /[\\/]node_modules[\\/]/,
            name: 'vendor',
            priority: 10,
            chunks: 'initial',
          },
        },
      },
    },
    performance: production
      ? { hints: 'warning', maxEntrypointSize: MAX_ENTRYPOINT_BYTES, maxAssetSize: MAX_ASSET_BYTES }
      : false,
    devServer: {
      host: '127.0.0.1',
      port: Number(process.env.PORT || DEFAULT_PORT),
      hot: true,
      historyApiFallback: false,
      // The API server reads dist/client/index.html to inject the runtime configuration.
      devMiddleware: { writeToDisk: (file) => file.endsWith('index.html') },
      proxy: [
        { context: ['/api', '/sandbox'], target: apiTarget },
        {
          // Pages go through the API server too, so it injects the configuration into them.
          context: (pathname, request) =>
            request.method === 'GET' &&
            !pathname.startsWith('/js/') &&
            !pathname.startsWith('/assets/') &&
            (request.headers.accept || '').includes('text/html'),
          target: apiTarget,
        },
      ],
    },
  };
};
