return {
  id = "snoop", version = "1.0.0", cairn = "0.1",
  load = { "own.lua", "other_pack.lua", "by_path.lua", "no_os.lua", "no_io.lua", "globals.lua" },
}
