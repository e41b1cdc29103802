# SPDX-License-Identifier: MIT
# tests/e2e/godot/play.gd - imported glTF scenes played by Godot's
# AnimationPlayer, the camera read back at every frame.
#
#   godot3 --path PROJECT -s play.gd --job res://FILE FPS FRAMES OUT [--job ...]
#
# For each job: the scene Godot's importer made of FILE, instanced, its
# first animation sought to frame / FPS s for frames 0 to FRAMES - 1 and the
# camera's global transform written to OUT as one line `x,y,z,qx,qy,qz,qw`
# per frame (tests/e2e/players/compare.py reads it). Godot and glTF share
# +Y up and a camera looking down -Z, so nothing is converted.
extends SceneTree


func find_kind(node, kind):
	if node.is_class(kind):
		return node
	for child in node.get_children():
		var found = find_kind(child, kind)
		if found:
			return found
	return null


func play(file, fps, frames, out):
	var packed = load(file)
	if packed == null:
		printerr(file, ": Godot imported no scene")
		return false
	var scene = packed.instance()
	get_root().add_child(scene)
	var player = find_kind(scene, "AnimationPlayer")
	var camera = find_kind(scene, "Camera")
	if player == null or camera == null or player.get_animation_list().empty():
		printerr(file, ": no camera, or no animation, in the imported scene")
		return false
	var name = player.get_animation_list()[0]
	var f = File.new()
	if f.open(out, File.WRITE) != OK:
		printerr(out, ": cannot write")
		return false
	var info = Engine.get_version_info()
	f.store_line("# Godot %s, %d keys" % [info.string, player.get_animation(name).track_get_key_count(0)])
	player.play(name)
	for i in range(frames):
		player.seek(i / fps, true)
		var x = camera.global_transform
		var q = x.basis.get_rotation_quat()
		f.store_line("%.9f,%.9f,%.9f,%.9f,%.9f,%.9f,%.9f" % [x.origin.x, x.origin.y, x.origin.z, q.x, q.y, q.z, q.w])
	f.close()
	scene.free()
	return true


func _init():
	var args = OS.get_cmdline_args()
	var ok = true
	for i in range(args.size()):
		if args[i] == "--job":
			ok = play(args[i + 1], float(args[i + 2]), int(args[i + 3]), args[i + 4]) and ok
	quit(0 if ok else 1)
