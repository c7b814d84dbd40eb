-- wrk script for suggestions as a place name is typed: each request asks GET /hometown/forward?autocomplete=true
-- for another prefix, read from the file named by the PREFIXES environment variable (one URL-encoded prefix a
-- line, written by tools/bench/forward/autocomplete-server.sh); each thread starts at its own offset.
-- Usage: PREFIXES=FILE wrk -s prefixes.lua http://127.0.0.1:PORT

local threads = {}
local prefixes = {}
for line in io.lines(os.getenv("PREFIXES")) do
  table.insert(prefixes, line)
end

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

function init(args)
  counter = tid * 7919
end

function request()
  counter = counter + 1
  local q = prefixes[(counter % #prefixes) + 1]
  return wrk.format("GET", "/hometown/forward?autocomplete=true&limit=5&q=" .. q)
end
