return {
  id = "planner",
  name = "Schedules: a walk played out before it is taken",
  version = "1.0.0",
  cairn = "0.1",
  description = "A sentry that strikes whoever comes next to it, and a planner that plays a " ..
    "walk out (w:schedule) to find whether it gets there unhurt.",
  load = { "sentry.lua", "plan.lua" },
}
