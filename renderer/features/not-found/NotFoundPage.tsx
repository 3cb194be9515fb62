import { Link } from 'react-router';
import { NOT_FOUND_TEXTS } from './texts';

export function NotFoundPage() {
  return (
    <section className="mx-auto mt-12 max-w-md text-center">
      <p className="text-sm font-semibold text-accent">{NOT_FOUND_TEXTS.code}</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-fg">{NOT_FOUND_TEXTS.title}</h1>
      <p className="mt-2 text-sm text-muted">{NOT_FOUND_TEXTS.description}</p>
      <Link
        to="/"
        className="mt-6 inline-flex rounded-md bg-accent px-3.5 py-2 text-sm font-medium text-accent-fg shadow-sm hover:opacity-90"
      >
        {NOT_FOUND_TEXTS.backToDashboard}
      </Link>
    </section>
  );
}
