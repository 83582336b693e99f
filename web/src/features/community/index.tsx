export default function CommunityPage() {
  return <h1 className="text-2xl font-semibold">Community Gallery</h1>;
}
