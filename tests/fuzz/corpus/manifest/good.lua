return {
  id = "fuzz",
  name = "A pack of nothing",
  version = "1.0.0",
  cairn = "0.1",
  description = "a manifest with every field",
  author = "cairn",
  depends = {},
  load = {},
}
