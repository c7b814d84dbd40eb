-- wrk script for the "cache miss" rows: the server keeps each GET answer, keyed by the raw query string, until
-- the next post. This script asks the SAME question with a different spelling each time, by padding numbers with
-- leading zeros ("page=0000", "pagesize=00025", "year=002016" parse to 0, 25, 2016), so every request misses the
-- cache and runs its SQL query while the answer stays byte for byte the same.
-- Usage: wrk -s miss.lua http://127.0.0.1:PORT -- '/hometown/users?country=USA&page={A}0&pagesize={B}25'
-- {A} takes 1-128 zeros and {B} 1-64 zeros (another 64 per thread), so a spelling comes back only after 8,192
-- requests of a thread; the cache (4,096 entries, emptied when full) has forgotten it by then.

local threads = {}

function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

function init(args)
  template = args[1]
  counter = 0
end

function request()
  local a = counter % 128
  local b = math.floor(counter / 128) % 64 + 64 * (tid % 8)
  counter = counter + 1
  local path = template:gsub("{A}", string.rep("0", a)):gsub("{B}", string.rep("0", b))
  return wrk.format("GET", path)
end
