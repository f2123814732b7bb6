cairn.decorator {
  name = "Charging",
  requires = { "Nope" },
}
