-- wrk script (LuaJIT: Lua 5.1, no // nor <<) of the soak (tools/soak/run.sh): every GET of the service in turn, with varying parameters so that
-- the server's caches (cluster indexes per filter, boundary tiles) fill to their bounds and keep evicting.
-- SOAK_DELAY_MS (environment): milliseconds each connection waits between its requests (0: none).

local delay_ms = tonumber(os.getenv("SOAK_DELAY_MS") or "0")
local counter = 0

local fixed = {
  "/hometown/countries",
  "/hometown/states?country=USA",
  "/hometown/states?country=Mexico",
  "/hometown/count",
  "/hometown/nextid",
  "/hometown/users",
  "/hometown/users?country=USA&state=Minnesota",
  "/hometown/users?reverse=true&page=0&pagesize=25",
  "/hometown/region?width=800&height=600&padding=20",
  "/hometown/region?width=400&height=300&country=USA",
  "/hometown/forward?q=Minneapolis&limit=2",
  "/hometown/forward?q=Springfield",
  "/hometown/forward?q=Ciudad%20de%20M%C3%A9xico&limit=5",
  "/",
  "/openapi.yaml",
  "/healthz",
  "/metrics",
}

-- One GET: a fixed path, or one drawn at random among the parameterised kinds.
local function path()
  counter = counter + 1
  local k = counter % 8
  if k == 0 then
    return fixed[math.floor(counter / 8) % #fixed + 1]
  elseif k == 1 then
    return string.format("/hometown/users?page=%d&pagesize=%d&reverse=%s&afterid=%d",
      math.random(0, 20), math.random(1, 100), math.random(0, 1) == 1 and "true" or "false", math.random(0, 50))
  elseif k == 2 then
    return string.format("/hometown/users?year=%d", math.random(2000, 2020))
  elseif k == 3 then
    -- A year filter makes a cluster index of its own: 21 filters x zooms, more than the cache keeps at once.
    local z = math.random(0, 12)
    return string.format("/hometown/clusters?zoom=%d&year=%d", z, math.random(2000, 2020))
  elseif k == 4 then
    local lon, lat = math.random(-180, 170), math.random(-80, 70)
    return string.format("/hometown/clusters?zoom=%d&bbox=%d,%d,%d,%d", math.random(2, 10), lon, lat, lon + 10, lat + 10)
  elseif k == 5 then
    return string.format("/hometown/reverse?lat=%.5f&lon=%.5f", math.random() * 180 - 90, math.random() * 360 - 180)
  elseif k == 6 then
    -- Boundary tiles over zooms 0-8: far more distinct tiles than --tile-cache-mb holds.
    local z = math.random(0, 8)
    local n = math.floor(2 ^ z)
    return string.format("/hometown/boundaries?z=%d&x=%d&y=%d", z, math.random(0, n - 1), math.random(0, n - 1))
  else
    return string.format("/hometown/nicknameexists?name=seed%d", math.random(0, 400))
  end
end

request = function()
  local headers = {}
  -- Half the requests ask for gzip, so both the compressed and the plain answers are exercised.
  if counter % 2 == 0 then headers["Accept-Encoding"] = "gzip" end
  return wrk.format("GET", path(), headers)
end

delay = function()
  return delay_ms
end
