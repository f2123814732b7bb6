-- The payload benchmark's content (cairn-bench --payload): a hero that plays one card a beat.
return {
  id = "bench_cards",
  name = "Payload benchmark content",
  version = "1.0.0",
  cairn = "0.1",
  load = { "volley.lua" },
}
