export default function Page() {
  return <main className="p-8"><h1 className="text-3xl font-bold">Contact</h1></main>;
}
