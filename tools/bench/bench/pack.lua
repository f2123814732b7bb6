-- The benchmark's content: the chase scenario's hero and its enemy in its variants.
return {
  id = "bench",
  name = "Benchmark content",
  version = "1.0.0",
  cairn = "0.1",
  load = { "chase.lua", "statuses.lua" },
}
