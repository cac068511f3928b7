/**
 * What a browser bundle gets instead of this package (the `browser` export condition, which only
 * client bundles match after `react-server` and `edge-light`). Next.js refuses this import in a
 * Client Component at build time, naming the component; any other bundler throws on load. The
 * server entries leave it out: under Node's own resolver (`serverExternalPackages`, tests, scripts)
 * `server-only` throws unconditionally.
 */
import "server-only";
