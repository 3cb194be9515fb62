import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="mx-auto mt-12 max-w-md text-center">
      <p className="text-sm font-semibold text-accent">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-fg">Page Not Found</h1>
      <p className="mt-2 text-sm text-muted">There is no page at this address.</p>
      <Link
        to="/"
        className="mt-6 inline-flex rounded-md bg-accent px-3.5 py-2 text-sm font-medium text-accent-fg shadow-sm hover:opacity-90"
      >
        Go to the dashboard
      </Link>
    </section>
  );
}
