/**
 * Entry point of the SPA bundle: boots the app into `#root`.
 */
import { bootApp } from './app/boot';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');
void bootApp(container);
