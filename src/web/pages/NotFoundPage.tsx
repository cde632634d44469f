/**
 * The `*` route (spec §2): page not found.
 */
import { NotFound } from '../components/errors/NotFound';

/** The not-found page. */
export default function NotFoundPage() {
  return <NotFound />;
}
