// Placeholder so the router builds; the tools work replaces this page.
export default function Page() {
  return <h1 className="text-2xl font-semibold text-slate-900">Resume Reviewer</h1>;
}
