import { ImageServer } from '../../server/test/image-server.ts';
import { IMAGE_SITE_PORT, IMAGE_SITE_URL } from './env.ts';

// Another site's images for the browser journeys (an author pastes one into an article). Run:
// node e2e/support/image-site.ts

const site = new ImageServer();
await site.listen(IMAGE_SITE_PORT);
console.log(`image site: ${IMAGE_SITE_URL}/photo.png`);

const stop = () => void site.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
