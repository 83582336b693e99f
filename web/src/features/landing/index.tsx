export default function LandingPage() {
  return <main className="p-8"><h1 className="text-3xl font-bold">Craftwell</h1></main>;
}
