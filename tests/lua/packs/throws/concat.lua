-- Fails in a library function reached by a tail call.
return table.concat({ {} })
