return {
  id = "fuzz",
