/**
 * Next.js 16's defaults as `create-next-app@16` writes them (`cacheComponents`, partial
 * prefetching), so the example meets what new apps meet; Strict Mode on to catch double effects.
 * @type {import('next').NextConfig}
 */
const nextConfig = { reactStrictMode: true, cacheComponents: true, partialPrefetching: true };
export default nextConfig;
